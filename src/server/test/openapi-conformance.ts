import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { FROM_BETTER_AUTH } from '../features/operations/api-docs.ts';

// Every answer an API test receives is checked against the OpenAPI document the app serves
// (features/operations/api-docs.ts): a documented route must answer with a documented status and a body its
// schema accepts, and no /api route may answer outside the document. test-app.ts records the
// answers and checks them when the test app closes, so the whole API suite is the conformance test.

export interface RecordedAnswer {
  method: string;
  path: string;
  status: number;
  contentType: string;
  body: string | undefined;
}

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: object }> }>;
  [FROM_BETTER_AUTH]?: boolean;
}
export interface OpenApiDocument {
  paths: Record<string, Record<string, Operation>>;
}

const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats.default(ajv);
const compiled = new WeakMap<object, ValidateFunction>();
function validatorFor(schema: object): ValidateFunction {
  let validate = compiled.get(schema);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(schema, validate);
  }
  return validate;
}

interface Template {
  pattern: RegExp;
  params: number;
  path: string;
}
function templatesOf(doc: OpenApiDocument): Template[] {
  return Object.keys(doc.paths)
    .map((path) => ({
      path,
      params: (path.match(/\{/g) ?? []).length,
      pattern: new RegExp(`^${path.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\\?\{[^}]+\\?\}/g, '[^/]*')}$`),
    }))
    .sort((a, b) => a.params - b.params);
}

// Paths the document does not describe on purpose: the reference itself, and the few better-auth
// routes its own description leaves out (the OAuth2 callback of the local sign-in provider).
const UNDOCUMENTED = [/^\/api\/openapi\.json$/, /^\/api\/docs(\/|$)/, /^\/api\/auth\//];

function isErrorShape(body: string | undefined): boolean {
  try {
    const parsed = JSON.parse(body ?? '') as { error?: { code?: unknown; message?: unknown } };
    return typeof parsed.error?.code === 'string' && typeof parsed.error.message === 'string';
  } catch {
    return false;
  }
}

/** What in the recorded answers the document does not allow, one line per problem. */
export function conformanceProblems(doc: OpenApiDocument, answers: RecordedAnswer[]): string[] {
  const templates = templatesOf(doc);
  const problems = new Set<string>();
  for (const answer of answers) {
    const { method, path, status } = answer;
    const where = `${method} ${path} → ${status}`;
    if (!path.startsWith('/api/') || method === 'HEAD' || method === 'OPTIONS') continue;
    if (status === 304 || status === 101) continue;
    const lower = method.toLowerCase();
    const template = templates.find((t) => t.pattern.test(path) && doc.paths[t.path]?.[lower]);
    if (!template) {
      if (UNDOCUMENTED.some((p) => p.test(path))) continue;
      // A route the app does not serve refuses in the error shape (404, or 400/413 when the request
      // itself is refused first); any other answer means a route the document misses.
      if (status >= 400 && status < 500 && isErrorShape(answer.body)) continue;
      problems.add(`${where}: the route is not in the document`);
      continue;
    }
    const operation = doc.paths[template.path]?.[lower];
    // better-auth's own routes are described by better-auth, not checked against our schemas.
    if (operation?.[FROM_BETTER_AUTH]) continue;
    const responses = operation?.responses ?? {};
    const documented = responses[String(status)] ?? responses[`${String(status)[0]}XX`] ?? responses.default;
    if (!documented) {
      problems.add(`${where}: status ${status} is not documented for ${method} ${template.path}`);
      continue;
    }
    const mediaType = answer.contentType.split(';')[0]?.trim() ?? '';
    const content = documented.content;
    if (!content) {
      if (answer.body) problems.add(`${where}: documented without a body, answered ${mediaType}`);
      continue;
    }
    const media = content[mediaType];
    if (!media) {
      problems.add(
        `${where}: answered ${mediaType || 'no content type'}, documented ${Object.keys(content).join(', ')}`,
      );
      continue;
    }
    if (mediaType !== 'application/json' || !media.schema) continue;
    let body: unknown;
    try {
      body = JSON.parse(answer.body ?? '');
    } catch {
      problems.add(`${where}: the body is not JSON`);
      continue;
    }
    const validate = validatorFor(media.schema);
    if (!validate(body)) {
      const errors = (validate.errors ?? [])
        .slice(0, 3)
        .map((e) => `${e.instancePath || '/'} ${e.message}`)
        .join('; ');
      problems.add(`${where}: the body differs from the documented answer (${errors})`);
    }
  }
  return [...problems];
}

/** fetch that remembers what each answer was, without consuming it for the test. */
export function recordingFetch(base: string, answers: RecordedAnswer[], pending: Promise<unknown>[]) {
  return async (path: string, init?: RequestInit): Promise<Response> => {
    const res = await fetch(`${base}${path}`, init);
    const contentType = res.headers.get('content-type') ?? '';
    const entry: RecordedAnswer = {
      method: (init?.method ?? 'GET').toUpperCase(),
      path: path.split('?')[0] ?? path,
      status: res.status,
      contentType,
      body: undefined,
    };
    answers.push(entry);
    // A stream (server-sent events) is never read to its end here.
    if (contentType.startsWith('application/json'))
      pending.push(
        res
          .clone()
          .text()
          .then(
            (text) => {
              entry.body = text;
            },
            () => {},
          ),
      );
    return res;
  };
}
