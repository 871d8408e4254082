// Each request reads and writes D1 through one D1 session (the Sessions API), so reads may be served by a
// nearby read replica while every query of the request still sees the ones before it. The Worker entry
// opens the session and hands the rest of the app an env whose DB is that session: getDb(env), and the
// raw D1 helpers in db.server.ts, need no change to use it. The bookmark cookie (lib/d1-bookmark) carries a
// writer's position into their next request.
import {
  answerCarriesBookmark,
  isBookmark,
  readBookmarkCookie,
  serializeBookmarkCookie,
  sessionStart,
} from "./d1-bookmark";
import type { SessionCookieChange } from "./d1-bookmark";
import { cookieIsSecure } from "~/platform/env";
import { hasSessionCookie, sessionCookieName } from "../http/token-cookie.server";
import { hasSealingKey, openSecret, sealSecret } from "../crypto/sealing-key.server";

const READ_ONLY = /^\s*(select|with)\b/i;

/**
 * A D1Database whose queries run in one D1 session. exec, dump and withSession have no session form and go
 * to the binding itself (the app uses none of them on request paths).
 *
 * A session started from a cookie's bookmark that D1 refuses (sealed by this site, so not forged, but from
 * before a Time Travel restore, say) must not turn into a 500: the first read that fails is retried once in a fresh session that
 * starts at the primary, which is as fresh as any bookmark can ask. Writes are never retried.
 */
class SessionDatabase {
  private session: D1DatabaseSession;
  private proven: boolean;
  /** When the last statement that was not a read ended (the page cache holds such answers back). */
  wroteAt: number | null = null;
  /** Round trips to D1 and the statements they carried: what tests hold the pages to. */
  queries = 0;
  statements = 0;

  constructor(
    private readonly primary: D1Database,
    readonly start: string,
  ) {
    this.session = primary.withSession(start);
    // Only a bookmark from a cookie can be refused; the two constraints always hold.
    this.proven = !isBookmark(start);
  }

  prepare(query: string): D1PreparedStatement {
    return new SessionStatement(this, query, []) as unknown as D1PreparedStatement;
  }

  batch<T = unknown>(statements: D1PreparedStatement[]): Promise<D1Result<T>[]> {
    const own = statements.map((s) => statementOf(s));
    return this.run(
      own.every((s) => READ_ONLY.test(s.query)),
      (session) => session.batch<T>(own.map((s) => s.on(session))),
      own.length,
    );
  }

  exec(query: string): Promise<D1ExecResult> {
    return this.primary.exec(query);
  }

  withSession(constraintOrBookmark?: string): D1DatabaseSession {
    return this.primary.withSession(constraintOrBookmark);
  }

  dump(): Promise<ArrayBuffer> {
    return this.primary.dump();
  }

  bookmark(): string | null {
    return this.session.getBookmark();
  }

  async run<T>(readOnly: boolean, op: (session: D1DatabaseSession) => Promise<T>, statements = 1): Promise<T> {
    this.queries++;
    this.statements += statements;
    try {
      return await this.runOnce(readOnly, op);
    } finally {
      if (!readOnly) this.wroteAt = Date.now();
    }
  }

  private async runOnce<T>(readOnly: boolean, op: (session: D1DatabaseSession) => Promise<T>): Promise<T> {
    if (this.proven) return op(this.session);
    const session = this.session;
    try {
      const result = await op(session);
      this.proven = true;
      return result;
    } catch (error) {
      if (this.proven || !readOnly) throw error;
      this.proven = true;
      console.warn("D1 session bookmark refused; starting at the primary", error);
      if (this.session === session) this.session = this.primary.withSession("first-primary");
      return op(this.session);
    }
  }
}

/** A statement of a SessionDatabase: SQL and bindings, prepared on the session only when it runs. */
class SessionStatement {
  constructor(
    private readonly db: SessionDatabase,
    readonly query: string,
    private readonly params: unknown[],
  ) {}

  bind(...values: unknown[]): SessionStatement {
    return new SessionStatement(this.db, this.query, values);
  }

  on(session: D1DatabaseSession): D1PreparedStatement {
    const statement = session.prepare(this.query);
    return this.params.length ? statement.bind(...this.params) : statement;
  }

  first<T>(column?: string): Promise<T | null> {
    return this.db.run(READ_ONLY.test(this.query), (s) =>
      column === undefined ? this.on(s).first<T>() : this.on(s).first<T>(column),
    );
  }

  run<T>(): Promise<D1Result<T>> {
    return this.db.run(READ_ONLY.test(this.query), (s) => this.on(s).run<T>());
  }

  all<T>(): Promise<D1Result<T>> {
    return this.db.run(READ_ONLY.test(this.query), (s) => this.on(s).all<T>());
  }

  raw<T>(options?: { columnNames?: boolean }): Promise<unknown> {
    return this.db.run(READ_ONLY.test(this.query), (s): Promise<unknown> =>
      options?.columnNames ? this.on(s).raw<T>({ columnNames: true }) : this.on(s).raw<T>(),
    );
  }
}

function statementOf(statement: D1PreparedStatement): SessionStatement {
  if (statement instanceof SessionStatement) return statement;
  throw new Error("a D1 batch mixes statements of another database or session");
}

/**
 * One request's D1 session: the env the app runs with, where the session started, its bookmark, when it last
 * wrote (null: it only read), and how many round trips and statements it has sent.
 */
export type RequestD1 = {
  env: Env;
  start: string;
  bookmark(): string | null;
  wroteAt(): number | null;
  counts(): D1Counts;
};

export type D1Counts = { queries: number; statements: number };

// The bookmark is sealed with the sealing key (app/platform/crypto/sealing-key.server.ts), under its own
// additional data: no user id contains "d1-bookmark", so a sealed bookmark never opens as a TOTP secret, nor
// the other way round. Sealing also means only bookmarks D1 handed this site ever reach D1.
const SEAL_CONTEXT = "d1-bookmark";

async function openBookmark(env: Env, sealed: string | null): Promise<string | null> {
  if (!sealed) return null;
  try {
    return await openSecret(env, SEAL_CONTEXT, sealed);
  } catch {
    // Forged, from another key, or no key: the request starts anywhere, as without a cookie.
    return null;
  }
}

/**
 * Opens the request's D1 session, from the bookmark in the request's cookie, else at the primary for a
 * signed-in request and anywhere for an anonymous one, and
 * answers the env to run the request with: the same bindings, with DB bound to the session.
 */
export async function openD1Session(env: Env, request: Request): Promise<RequestD1> {
  const cookies = request.headers.get("Cookie");
  const secure = cookieIsSecure(env);
  const sealed = readBookmarkCookie(cookies, secure);
  const start = sessionStart(await openBookmark(env, sealed), hasSessionCookie(cookies, secure));
  const db = new SessionDatabase(env.DB, start);
  return {
    env: { ...env, DB: db as unknown as D1Database },
    start,
    bookmark: () => db.bookmark(),
    wroteAt: () => db.wroteAt,
    counts: () => ({ queries: db.queries, statements: db.statements }),
  };
}

/** The session a request ran in, for tests: where it started and where it ended. */
export type D1SessionRecord = {
  method: string;
  path: string;
  start: string;
  bookmark: string | null;
} & D1Counts;
let observer: ((record: D1SessionRecord) => void) | null = null;

/** Test seam: tells `listener` about every request's D1 session as its answer leaves (null: stop). */
export function observeD1Sessions(listener: ((record: D1SessionRecord) => void) | null): void {
  observer = listener;
}

/** What the answer does to the session cookie: sets one, clears it, or leaves it. */
function sessionCookieOf(response: Response, secure: boolean): SessionCookieChange {
  const prefix = `${sessionCookieName(secure)}=`;
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith(prefix));
  if (!cookie) return "none";
  return cookie.startsWith(`${prefix};`) || /;\s*Max-Age=0\b/i.test(cookie) ? "clears" : "sets";
}

/**
 * The answer, with the bookmark cookie when it is a signed-in write (or a sign-in) and the session has a
 * bookmark. Anything else leaves as it came, so anonymous pages never carry a Set-Cookie from here.
 */
export async function withBookmarkCookie(
  request: Request,
  response: Response,
  d1: RequestD1,
  env: Env,
): Promise<Response> {
  const bookmark = d1.bookmark();
  observer?.({
    method: request.method,
    path: new URL(request.url).pathname,
    start: d1.start,
    bookmark,
    ...d1.counts(),
  });
  if (response.status === 101 || response.webSocket || !isBookmark(bookmark)) return response;
  const secure = cookieIsSecure(env);
  const signedIn = hasSessionCookie(request.headers.get("Cookie"), secure);
  const session = sessionCookieOf(response, secure);
  // Without the Worker secret there is nothing to seal with; reads then start anywhere, as before.
  if (!answerCarriesBookmark(request.method, signedIn, session) || !hasSealingKey(env)) return response;
  const out = new Response(response.body, response);
  out.headers.append("Set-Cookie", serializeBookmarkCookie(await sealSecret(env, SEAL_CONTEXT, bookmark), secure));
  return out;
}
