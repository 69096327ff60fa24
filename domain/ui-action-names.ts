/*
 * The names of every UI action the screens record through POST /api/audit/action/{name} (spec
 * section 7: "the trimmed name of a UI action taken from a long list"). One list, so the audit
 * page can offer them and a typo is a type error.
 */
export const UI_ACTION_NAMES = [
  // incident toolbar and side panel
  'set time zone',
  'set time interval',
  'clear time interval',
  'set search term',
  'toggle stream visibility',
  'toggle actor visibility',
  'toggle marker visibility',
  'toggle collection visibility',
  'toggle tag visibility',
  'toggle incident map visibility',
  'set collection filter mode',
  'set tag filter mode',
  'set note filter mode',
  'select event',
  // annotations
  'add event tag',
  'remove event tag',
  'add note',
  'edit note',
  'delete note',
  'create collection',
  'add events to collection',
  'remove event from collection',
  'delete collection',
  'open reply thread',
  'add link',
  'delete link',
  'attach upload',
  'create marker',
  // exports
  'export events csv',
  'export events jsonl',
  'export events timesketch csv',
  'export picture png',
  // organizations and incidents
  'create organization',
  'create incident',
  // maps
  'create map',
  'create organization actor',
  'bulk edit organization actors',
  'search events',
] as const;
export type UiActionName = (typeof UI_ACTION_NAMES)[number];
