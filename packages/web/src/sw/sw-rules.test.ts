import { describe, expect, it } from 'vitest';
import { cacheNameOf, clickTarget, isCachedRequest, notificationOfPush, staleCaches } from './sw-rules.ts';

const origin = 'https://talkbase.example.com.br';
const get = (path: string) => ({ method: 'GET', url: `${origin}${path}` });

describe('service worker rules', () => {
  it('keeps only the build’s hashed files, never an API answer, a page or another site', () => {
    expect(isCachedRequest(get('/assets/index-CeUWlKtp.js'), origin)).toBe(true);
    expect(isCachedRequest(get('/assets/material-symbols-app-zdIKyRTT.woff2'), origin)).toBe(true);
    for (const path of [
      '/api/notifications/unread',
      '/api/talk/chamado/1',
      '/assets/index-CeUWlKtp.js?v=1',
      '/',
      '/index.html',
      '/context/talk/chamado/1',
      '/sw.js',
      '/favicon.svg',
      '/websocket',
    ])
      expect(isCachedRequest(get(path), origin), path).toBe(false);
    expect(isCachedRequest({ method: 'POST', url: `${origin}/assets/index-CeUWlKtp.js` }, origin)).toBe(
      false,
    );
    expect(
      isCachedRequest({ method: 'GET', url: 'https://cdn.example/assets/index-CeUWlKtp.js' }, origin),
    ).toBe(false);
  });

  it('a new build drops the caches of older builds, never another app’s', () => {
    const current = cacheNameOf('b2');
    expect(staleCaches(['talkbase-shell-b1', current, 'other-cache'], current)).toEqual([
      'talkbase-shell-b1',
    ]);
  });

  it('shows the pushed title and body; the click opens the record path, anything else the inbox', () => {
    expect(notificationOfPush('{"title":"Chamado","body":"Veja","url":"/context/talk/chamado/7"}')).toEqual({
      title: 'Chamado',
      options: {
        body: 'Veja',
        data: { url: '/context/talk/chamado/7' },
        icon: '/favicon.svg',
        lang: 'pt-BR',
      },
    });
    expect(notificationOfPush('{"title":"A","body":"B","url":null}').options.data.url).toBe('/notifications');
    expect(notificationOfPush('não é JSON').title).toBe('Talkbase');
    for (const url of [
      'https://evil.example/x',
      '//evil.example/x',
      'javascript:alert(1)',
      '/\\evil.example',
    ])
      expect(notificationOfPush(JSON.stringify({ title: 'x', url })).options.data.url, url).toBe(
        '/notifications',
      );
    expect(clickTarget({ url: '/context/talk/chamado/7' }, origin)).toBe(`${origin}/context/talk/chamado/7`);
    expect(clickTarget({ url: '//evil.example' }, origin)).toBe(`${origin}/notifications`);
    expect(clickTarget(null, origin)).toBe(`${origin}/notifications`);
  });
});
