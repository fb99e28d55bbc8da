import { Type } from 'typebox';

import { ERROR_CODE_NAMES, ERROR_CODES, type ErrorCode } from '../errors';

const catalogue = ERROR_CODE_NAMES.map(
  (code) => `- \`${code}\` (${ERROR_CODES[code].status}): ${ERROR_CODES[code].description}`,
);

/** Every error answer: the shared schema `ErrorResponse` (registered with `app.addSchema`). */
export const ErrorResponseSchema = Type.Object(
  {
    success: Type.Literal(false),
    code: Type.Unsafe<ErrorCode>({
      type: 'string',
      enum: ERROR_CODE_NAMES,
      description: `What went wrong, for programs: stable, UPPER_SNAKE, one of\n\n${catalogue.join('\n')}`,
    }),
    message: Type.String({ description: 'What went wrong, for people (may be reworded; do not parse it)' }),
  },
  { $id: 'ErrorResponse', description: 'Every error answer' },
);

/** A route's error answer in its `response` map: a reference to `ErrorResponse`. */
export const ErrorResponse = Type.Ref('ErrorResponse');
