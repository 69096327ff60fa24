/* A reply thread (a thread collection of the event) shown inline over the swimlane, as text. */
import { Button } from '../../ui/button.tsx';

export interface ReplyThread {
  name: string;
  replies: ReadonlyArray<{ id: number; startTimestamp: number; actorName: string; message: string }>;
}

interface SwimlaneReplyThreadProps {
  thread: ReplyThread;
  formatTime: (micros: number, pattern?: string) => string;
  onClose: () => void;
  onSelectEvent: (eventID: number) => void;
}

export function SwimlaneReplyThread({ thread, formatTime, onClose, onSelectEvent }: SwimlaneReplyThreadProps) {
  return (
    <aside
      aria-label={`Reply thread ${thread.name}`}
      className="absolute right-2 top-10 z-10 flex max-h-[70%] w-80 flex-col gap-1 overflow-auto rounded-md border border-line bg-panel p-2 text-xs shadow-lg"
    >
      <div className="flex items-center justify-between gap-2">
        <h3 className="truncate font-semibold">{thread.name}</h3>
        <Button variant="ghost" onClick={onClose} aria-label="Close the reply thread">
          ×
        </Button>
      </div>
      <ol className="flex flex-col gap-1">
        {thread.replies.map((reply) => (
          <li key={reply.id}>
            <button
              type="button"
              className="w-full rounded px-1 py-0.5 text-left hover:bg-raised"
              onClick={() => onSelectEvent(reply.id)}
            >
              <span className="font-mono text-[10px] text-muted">{formatTime(reply.startTimestamp, 'HH:mm:ss')}</span>{' '}
              <span className="font-medium">{reply.actorName}</span>
              <span className="block break-words">{reply.message}</span>
            </button>
          </li>
        ))}
      </ol>
    </aside>
  );
}
