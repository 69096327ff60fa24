/*
 * Mirrors the shared time cursor onto a picture's root element as data-cursor-micros (and the
 * picture that set it as data-cursor-source), outside React render: tests and assistive tools read
 * the instant every picture shows without a re-render per pointer move.
 */
import { useEffect, type RefObject } from 'react';
import { useTimeCursorStore } from './time-cursor.ts';

export function useTimeCursorAttribute(ref: RefObject<HTMLElement | null>): void {
  const store = useTimeCursorStore();
  useEffect(() => {
    const show = () => {
      const element = ref.current;
      if (!element) return;
      const { micros, source } = store.get();
      if (micros === undefined) {
        element.removeAttribute('data-cursor-micros');
        element.removeAttribute('data-cursor-source');
      } else {
        element.setAttribute('data-cursor-micros', String(Math.round(micros)));
        element.setAttribute('data-cursor-source', source ?? '');
      }
    };
    show();
    return store.subscribe(show);
  }, [store, ref]);
}
