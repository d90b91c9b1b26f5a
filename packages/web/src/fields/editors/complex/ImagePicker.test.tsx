import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders } from '../../test-utils.tsx';
import { ImagePicker, type ImageValue } from './ImagePicker.tsx';

function Profile({ changes }: { changes: (ImageValue | null)[] }) {
  const [value, setValue] = useState<ImageValue | null>(null);
  return (
    <ImagePicker
      label="Foto"
      id="foto"
      value={value}
      onChange={(next) => {
        changes.push(next);
        setValue(next);
      }}
    />
  );
}

describe('image picker', () => {
  it("refuses what is not .png, .jpeg or .jpg with 'Extensão não suportada' for 3 s, and takes an image", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ applyAccept: false, advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    const changes: (ImageValue | null)[] = [];
    render(
      <TestProviders>
        <Profile changes={changes} />
      </TestProviders>,
    );
    await user.upload(
      screen.getByLabelText('Foto'),
      new File(['GIF89a'], 'animado.gif', { type: 'image/gif' }),
    );
    expect(await screen.findByText('Extensão não suportada')).toBeDefined();
    expect(changes).toEqual([]);
    act(() => {
      vi.advanceTimersByTime(2900);
    });
    expect(screen.getByText('Extensão não suportada')).toBeDefined();
    act(() => {
      vi.advanceTimersByTime(200);
    });
    expect(screen.queryByText('Extensão não suportada')).toBeNull();

    await user.upload(screen.getByLabelText('Foto'), new File(['png'], 'eu.PNG', { type: 'image/png' }));
    await waitFor(() =>
      expect(changes).toEqual([{ name: 'eu.PNG', type: 'image/png', data: btoa('png'), url: null }]),
    );
    expect(screen.getByRole<HTMLImageElement>('img', { name: 'Pré-visualização da imagem' }).src).toBe(
      `data:image/png;base64,${btoa('png')}`,
    );
  });
});
