// The OSC 7501 codec (protocol revision 0.2): encoder, sanitizer, parser, query, wrapping, stream extractor.
export * from './types.js';
export * from './limits.js';
export type { Rejection, RejectionCode } from './rejection.js';
export { REJECTION_CODES } from './rejection.js';
export { encodeBase64, decodeBase64 } from './base64.js';
export { encodeUtf8, decodeUtf8Strict, utf8Length } from './utf8.js';
export { stripEscapeSequences } from './escapes.js';
export { cutToUtf8Bytes, ELLIPSIS } from './cut.js';
export { sanitizeText } from './sanitize.js';
export { maskSecrets, maskArgs, MASK } from './mask-secrets.js';
export { normalizeReport, type EncodeOptions, type NormalizeResult } from './normalize.js';
export { encodeReport, serializeBody, type EncodeResult } from './encode.js';
export { parseBody } from './parse-body.js';
export { parseReport, type Parsed } from './parse.js';
export { encodeQuery, QUERY_SEQUENCE } from './query.js';
export { wrapForTmux, wrapForScreen, SCREEN_STRING_MAX_BYTES } from './wrap.js';
export { ReportExtractor, extractAll, TMUX_WRAP_SLACK_BYTES, type Extracted } from './extract.js';
