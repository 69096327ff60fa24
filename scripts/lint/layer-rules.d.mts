/* Types of layer-rules.mjs, for the tests that read its lists (tests/lint). */
export declare const SRC_LAYERS: readonly string[];
export declare const SRC_ROOT_FILES: readonly string[];
export declare const ALLOWED: Readonly<Record<string, readonly string[]>>;
export declare const PACKAGE_BANS: ReadonlyArray<{
  layers: readonly string[];
  packages: readonly string[];
  reason: string;
}>;
export declare const DATA_INTERNAL: readonly string[];
/** Rule name → file → why it breaks the rule today. */
export declare const DEBT: Readonly<Record<string, Readonly<Record<string, string>>>>;
