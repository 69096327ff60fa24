/** The mirror's IndexedDB name, apart from Dexie's schema: the copy's worker is told it as the app starts. */
export const MIRROR_DATABASE_NAME = 'churchkey-mirror';
