import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair } from 'jose';
import type { Configuration } from 'oidc-provider';
import { emailSchema, nameSchema } from '../../../shared/auth.ts';

// A local OpenID Connect provider that stands in for Google outside production when no Google
// credentials are set, so the provider sign-in runs end to end with no internet
// (docs/product.md#accounts-and-sign-in).
// Accounts live in memory: the page lets a developer or a test pick one or create one.

export const LOCAL_OIDC_PATH = '/oidc';
const INTERACTION_PATH = '/oidc-dev/interaction';
const CLIENT_ID = 'laptop-haat-local';

interface LocalAccount {
  email: string;
  name: string;
}

export interface LocalOidc {
  /** The genericOAuth configuration that points better-auth at this provider. */
  client: {
    providerId: 'google';
    clientId: string;
    clientSecret: string;
    authorizationUrl: string;
    tokenUrl: string;
    userInfoUrl: string;
    scopes: string[];
    pkce: boolean;
    authentication: 'post';
  };
  register(app: FastifyInstance): Promise<void>;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

// Loaded only when the stand-in is used. At load it warns that Node 20 is unsupported (it works,
// STACK-NOTES.md) and that its store is in memory (what a development stand-in wants): both expected.
async function quietly<T>(make: () => Promise<T>): Promise<T> {
  const warn = console.warn;
  console.warn = (...args: unknown[]) => {
    if (!/oidc-provider WARNING/.test(String(args[0]))) warn(...args);
  };
  try {
    return await make();
  } finally {
    console.warn = warn;
  }
}

const accountIdOf = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex').slice(0, 24);

/**
 * @param publicOrigin the origin browsers use (http://localhost:3000)
 * @param internalOrigin the origin the server reaches itself on (http://127.0.0.1:3000)
 */
export async function createLocalOidc({
  publicOrigin,
  internalOrigin,
  secret,
}: {
  publicOrigin: string;
  internalOrigin: string;
  secret: string;
}): Promise<LocalOidc> {
  const accounts = new Map<string, LocalAccount>();
  const clientSecret = createHash('sha256').update(`local-oidc:${secret}`).digest('hex');
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), use: 'sig', alg: 'RS256', kid: 'local-1' };
  const callbacks = [publicOrigin, internalOrigin, publicOrigin.replace('localhost', '127.0.0.1')].map(
    (o) => `${o}/api/auth/callback/google`,
  );

  const configuration: Configuration = {
    clients: [
      {
        client_id: CLIENT_ID,
        client_secret: clientSecret,
        redirect_uris: [...new Set(callbacks)],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [jwk as never] },
    cookies: { keys: [createHash('sha256').update(`local-oidc-cookie:${secret}`).digest('hex')] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: false } },
    // Put the e-mail and name in the ID token, as Google does, so no userinfo call is needed.
    conformIdTokenClaims: false,
    pkce: { required: () => false },
    ttl: { AccessToken: 600, AuthorizationCode: 60, IdToken: 600, Interaction: 900, Session: 3600, Grant: 3600 },
    interactions: { url: (_ctx, interaction) => `${INTERACTION_PATH}/${interaction.uid}` },
    // Our own first-party client: no consent screen.
    async loadExistingGrant(ctx) {
      const accountId = ctx.oidc.session?.accountId;
      const clientId = ctx.oidc.client?.clientId;
      if (!accountId || !clientId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
    async findAccount(_ctx, id) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return {
        accountId: id,
        claims: async () => ({ sub: id, email: account.email, email_verified: true, name: account.name }),
      };
    },
    renderError(ctx, out) {
      ctx.type = 'html';
      ctx.body = `<!doctype html><title>Sign-in error</title><p>${escapeHtml(String(out.error_description ?? out.error))}</p>`;
    },
  };
  const provider = await quietly(async () => {
    const { default: Provider } = await import('oidc-provider');
    return new Provider(`${publicOrigin}${LOCAL_OIDC_PATH}`, configuration);
  });
  const callback = provider.callback();

  const page = (uid: string, error?: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>Sign in with Google (local stand-in) — Laptop Haat</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#1f2937}
h1{font-size:1.4rem}label{display:block;margin:.75rem 0 .25rem;font-weight:600}input{width:100%;padding:.6rem;border:1px solid #9ca3af;border-radius:.5rem;box-sizing:border-box}
button{margin-top:1rem;padding:.6rem 1rem;border:0;border-radius:.5rem;background:#0f766e;color:#fff;font-weight:600;cursor:pointer;width:100%}
.pick{background:#e5e7eb;color:#111827}.note{font-size:.9rem;color:#4b5563}.error{color:#b91c1c}</style></head>
<body><main><h1>Sign in with Google</h1>
<p class="note">This is the local stand-in for Google used in development and tests. Pick a test account or create one.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
${[...accounts.values()]
  .map(
    (
      a,
    ) => `<form method="post" action="${INTERACTION_PATH}/${uid}"><input type="hidden" name="email" value="${escapeHtml(a.email)}"><input type="hidden" name="name" value="${escapeHtml(a.name)}">
<button class="pick" type="submit">Continue as ${escapeHtml(a.name)} (${escapeHtml(a.email)})</button></form>`,
  )
  .join('\n')}
<form method="post" action="${INTERACTION_PATH}/${uid}">
<label for="name">Name</label><input id="name" name="name" autocomplete="name" required>
<label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" required>
<button type="submit">Continue</button></form></main></body></html>`;

  return {
    client: {
      providerId: 'google',
      clientId: CLIENT_ID,
      clientSecret,
      authorizationUrl: `${publicOrigin}${LOCAL_OIDC_PATH}/auth`,
      tokenUrl: `${internalOrigin}${LOCAL_OIDC_PATH}/token`,
      userInfoUrl: `${internalOrigin}${LOCAL_OIDC_PATH}/me`,
      scopes: ['openid', 'email', 'profile'],
      pkce: true,
      authentication: 'post',
    },
    async register(app) {
      await app.register(async (scope) => {
        // oidc-provider reads its own request bodies.
        scope.removeAllContentTypeParsers();
        scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
        scope.all(`${LOCAL_OIDC_PATH}/*`, (request, reply) => {
          reply.hijack();
          // As when mounted under a path in Express: oidc-provider reads the mount from originalUrl.
          Object.assign(request.raw, { originalUrl: request.raw.url });
          request.raw.url = request.raw.url!.slice(LOCAL_OIDC_PATH.length) || '/';
          callback(request.raw, reply.raw);
        });
      });

      await app.register(async (scope) => {
        scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
          done(null, Object.fromEntries(new URLSearchParams(String(body)))),
        );
        scope.get<{ Params: { uid: string } }>(`${INTERACTION_PATH}/:uid`, async (request, reply) => {
          const details = await provider.interactionDetails(request.raw, reply.raw);
          return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page(details.uid));
        });
        scope.post<{ Params: { uid: string }; Body: Record<string, string> }>(
          `${INTERACTION_PATH}/:uid`,
          async (request, reply) => {
            const details = await provider.interactionDetails(request.raw, reply.raw);
            // The shared schemas: length checked first, and no regex that backtracks on long input.
            const parsedEmail = emailSchema.safeParse(String(request.body?.email ?? ''));
            const parsedName = nameSchema.safeParse(String(request.body?.name ?? ''));
            if (!parsedEmail.success || !parsedName.success) {
              return reply
                .code(400)
                .type('text/html; charset=utf-8')
                .send(page(details.uid, 'Enter a name and a valid email address.'));
            }
            const email = parsedEmail.data;
            const accountId = accountIdOf(email);
            accounts.set(accountId, { email, name: parsedName.data });
            reply.hijack();
            await provider.interactionFinished(
              request.raw,
              reply.raw,
              { login: { accountId } },
              { mergeWithLastSubmission: false },
            );
          },
        );
      });
    },
  };
}
