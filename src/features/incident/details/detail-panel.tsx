/*
 * The frame of a sub-route's detail panel beside the picture: a heading, a close button that goes
 * back to the view it was opened from, and the content. Escape closes it too. On a narrow screen it
 * is a sheet over the picture's right side instead, so the picture keeps its width.
 */
import { useNavigate, useParams } from '@tanstack/react-router';
import { useEffect, type ReactNode } from 'react';
import { Button } from '../../../ui/button.tsx';
import { DetailAside } from '../../../ui/detail-aside.tsx';
import { DetailSheet } from '../../../ui/detail-sheet.tsx';
import { useNarrowScreen } from '../../../ui/use-narrow-screen.ts';

export function useCloseDetail(): () => void {
  const navigate = useNavigate();
  const params: { incidentID?: number; viewName?: string; visualizationName?: string } = useParams({ strict: false });
  return () => {
    const incidentID = params.incidentID ?? 0;
    if (params.visualizationName) {
      void navigate({
        to: '/incident/$incidentID/{-$viewName}/type/$visualizationName',
        params: { incidentID, visualizationName: params.visualizationName as 'event-timeline' },
      });
    } else {
      void navigate({
        to: '/incident/$incidentID/{-$viewName}',
        params: { incidentID, viewName: params.viewName as 'events' | undefined },
      });
    }
  };
}

export function DetailPanel({ title, kind, children }: { title: ReactNode; kind: string; children: ReactNode }) {
  const close = useCloseDetail();
  const narrow = useNarrowScreen();
  useEffect(() => {
    // The sheet closes on Escape by itself.
    if (narrow) return;
    const onKey = (event: KeyboardEvent) => {
      if (
        event.key === 'Escape' &&
        !(event.target instanceof HTMLInputElement || event.target instanceof HTMLTextAreaElement)
      )
        close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });
  if (narrow) {
    return (
      <DetailSheet kind={kind} title={title} onClose={close} className="gap-3 text-ink">
        {children}
      </DetailSheet>
    );
  }
  return (
    <DetailAside
      kind={kind}
      title={title}
      className="w-[26rem] gap-3 text-ink"
      close={
        <Button variant="ghost" className="px-2 py-0.5" onClick={close} aria-label={`Close the ${kind} details`}>
          ✕
        </Button>
      }
    >
      {children}
    </DetailAside>
  );
}

export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section aria-label={title} className="flex flex-col gap-1.5 border-t border-line pt-2">
      <h3 className="font-semibold">{title}</h3>
      {children}
    </section>
  );
}

export function NotFound({ kind, id }: { kind: string; id: number | string }) {
  return (
    <DetailPanel title={`${kind} ${id}`} kind={kind}>
      <p role="alert" className="text-muted">
        This incident has no {kind} {id}.
      </p>
    </DetailPanel>
  );
}
