import { lazy, useState, type ComponentType, type JSX } from 'react';

/**
 * A component whose code is fetched apart (like `React.lazy`) and can be fetched ahead with
 * `preload()`. Once that has finished, a new instance renders the component at once instead of
 * suspending: a lazy component always suspends on its first render, even when its code is there,
 * and React shows the reveal that follows a fallback no sooner than 300 ms after the fallback
 * (its Suspense throttle) — on every page load, whatever the network. An instance first rendered
 * before the code arrived stays lazy for its lifetime, so that it is never mounted twice.
 */
export function preloadable<P extends object>(
  load: () => Promise<ComponentType<P>>,
): { Component: (props: P) => JSX.Element; preload: () => Promise<ComponentType<P>> } {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<ComponentType<P>> | undefined;
  const preload = () =>
    (pending ??= load().then(
      (component) => (loaded = component),
      (err: unknown) => {
        // A failed fetch (the network, a new deployment) is not kept: the next `preload()` — the
        // lazy instance's first render calls it — fetches again. React.lazy keeps its own failure.
        pending = undefined;
        throw err;
      },
    ));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Preloadable(props: P) {
    const [Ready] = useState(() => loaded);
    return Ready ? <Ready {...props} /> : <Lazy {...props} />;
  }
  return { Component: Preloadable, preload };
}
