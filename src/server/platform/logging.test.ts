import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { loggerOptions, serializeError } from './logging.ts';

// A logged error keeps what tells failures apart (type, message, code, causes, stack) and never a
// statement's values: a password hash, an e-mail, a phone number.
describe('serializeError', () => {
  const hash = 'scrypt$16384$8$1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
  const email = 'someone@example.test';

  it("drops a failed statement's values from its fields, message and stack", () => {
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
      errno: -111,
      syscall: 'connect',
    });
    const error = new DrizzleQueryError(
      'insert into "user" ("email", "password") values ($1, $2)',
      [email, hash],
      cause,
    );
    const logged = serializeError(error);
    const text = JSON.stringify(logged);
    expect(text).not.toContain(hash);
    expect(text).not.toContain(email);
    expect(logged.message).toBe('Failed query: insert into "user" ("email", "password") values ($1, $2)');
    expect(logged.query).toBe('insert into "user" ("email", "password") values ($1, $2)');
    expect(logged.stack).toMatch(/^Error: Failed query: insert into "user"[^\n]*\n\s+at /);
    expect(logged.cause).toMatchObject({ message: 'connect ECONNREFUSED 127.0.0.1:5432', code: 'ECONNREFUSED' });
  });

  it("drops PostgreSQL's detail, which quotes the row's values", () => {
    const error = Object.assign(new Error('duplicate key value violates unique constraint "user_email_unique"'), {
      code: '23505',
      detail: `Key (email)=(${email}) already exists.`,
      constraint: 'user_email_unique',
      table: 'user',
    });
    const logged = serializeError(new Error('Failed query: …', { cause: error }));
    expect(JSON.stringify(logged)).not.toContain(email);
    expect(logged.cause).toMatchObject({ code: '23505', constraint: 'user_email_unique', table: 'user' });
  });

  it('cuts the values off a message that carries them without the fields', () => {
    const logged = serializeError(new Error(`Failed query: select 1 where $1\nparams: ${email}`));
    expect(logged.message).toBe('Failed query: select 1 where $1');
    expect(JSON.stringify(logged)).not.toContain(email);
  });

  it('names the errors of an aggregate and survives what is not an error', () => {
    const logged = serializeError(new AggregateError([new Error('one'), new Error('two')], 'both failed'));
    expect(logged.errors?.map((e) => e.message)).toEqual(['one', 'two']);
    expect(serializeError('a string').message).toBe('a string');
    expect(serializeError({ password: hash }).message).not.toContain(hash);
  });

  it('is the logger’s serializer of errors', () => {
    expect(loggerOptions('info', { terminal: false }).serializers.err).toBe(serializeError);
    expect(loggerOptions('info', { terminal: true, production: false }).serializers.err).toBe(serializeError);
  });
});
