/*
 * An event's own columns with its stream's and actor's names, as every read of one event with its
 * names has them (the event panel's detail, a search's results).
 */
export interface NamedEventRow {
  stream_id: number;
  stream_name: string;
  actor_id: number | null;
  actor_name: string | null;
  is_marker: boolean;
  message: string;
  start_micros: number;
  end_micros: number;
  extra: Record<string, never> | null;
}
