/*
 * A whole file refused: not a row to skip but a reason to stop (truncated HAR, zip bomb, bad
 * settings). The code lets the server route pick a status and the preview a message.
 */
export type ImportErrorCode =
  'unsupported-format' | 'truncated' | 'invalid-file' | 'too-large' | 'zip-bomb' | 'bad-settings';

export class ImportError extends Error {
  override readonly name = 'ImportError';
  readonly code: ImportErrorCode;

  constructor(code: ImportErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.code = code;
  }
}
