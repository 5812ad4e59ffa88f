import { ERROR_CODES, type ErrorCode, type ErrorParam, type FieldError } from './error-codes.ts';
import { z } from './z.ts';

// The one error shape of the API (docs/product.md#api, docs/decisions/0032), as a schema for the
// API reference and the tests: `code` the kind, `reason` what exactly, `params` its numbers and
// names, `message` the same in words in the caller's language, `fields` the same per field.

const paramSchema = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.union([z.string(), z.number(), z.boolean()])),
]);

export const fieldErrorSchema = z
  .object({
    code: z.string().meta({ description: 'What is wrong (FIELD_CODES, or a reason of ERROR_REASONS).' }),
    message: z.string().meta({ description: "The same in words, in the caller's language." }),
  })
  .catchall(paramSchema)
  .meta({ description: 'The code, its parameters beside it (`min`, `max`, `values`, …), and the message.' });

export const errorBodySchema = z.object({
  error: z.object({
    code: z.enum(ERROR_CODES),
    reason: z.string().meta({ description: 'What exactly went wrong: one stable code per message (ERROR_REASONS).' }),
    params: z.record(z.string(), paramSchema).optional().meta({ description: "The reason's parameters." }),
    message: z
      .string()
      .meta({ description: "The reason in words, in the caller's language (Accept-Language, the `lang` cookie)." }),
    fields: z.record(z.string(), fieldErrorSchema).optional(),
  }),
});
export type ErrorBody = {
  error: {
    code: ErrorCode;
    reason: string;
    params?: Record<string, ErrorParam>;
    message: string;
    fields?: Record<string, FieldError>;
  };
};
