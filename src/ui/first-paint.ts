/**
 * Calls `start` once the page's first paint is on screen: the browser's first-contentful-paint
 * entry where it reports one (the next frame alone can come before the paint is presented when the
 * machine is busy), else the next frame. It is called in a task of its own, so that whatever it
 * starts never lengthens the frame that paints. Returns the function that calls it off.
 */
export function afterFirstPaint(start: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let frame: number | undefined;
  let observer: PerformanceObserver | undefined;
  let started = false;
  const go = () => {
    if (started) return;
    started = true;
    observer?.disconnect();
    clearTimeout(timer);
    timer = setTimeout(start, 0);
  };
  const afterFrame = () => (frame = requestAnimationFrame(go));
  if (typeof PerformanceObserver === 'function' && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) go();
    });
    observer.observe({ type: 'paint', buffered: true });
    // A page that never reports a contentful paint still gets there.
    timer = setTimeout(afterFrame, 3000);
  } else afterFrame();
  return () => {
    observer?.disconnect();
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}
