import { Type } from 'typebox';

export const ErrorResponse = Type.Object(
  { success: Type.Literal(false), message: Type.String() },
  { $id: 'ErrorResponse', description: 'Every error answer' },
);
