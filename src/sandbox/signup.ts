import { randomBytes } from 'node:crypto';

/**
 * Registration that tells no one which accounts exist, and that nobody can use to crowd
 * others out:
 * - `POST /user/register` answers the same whether or not the email has an account ("check
 *   your email"): a new email gets a confirmation link by mail, a registered one a notice that
 *   someone tried to sign up with it. The account exists once the link is followed.
 * - Registrations are bounded per client address and window, pending confirmations and users
 *   in all; beyond a bound the answer is a refusal (429 with Retry-After), never the eviction
 *   of anyone else's account or session.
 * The mail is the sandbox's outbox (test controls `GET /__sandbox/mail`, and printed by
 * `main.ts`), never sent anywhere.
 */

export type RegistrationLimits = {
  /** Registrations one client address may make per window. */
  perAddress: number;
  windowMs: number;
  /** Addresses remembered at most (the least recently seen forgotten first). */
  maxAddresses: number;
  /** Confirmations waiting at most; a registration beyond is refused. */
  maxPending: number;
  /** How long a confirmation link works. */
  pendingTtlMs: number;
  /** Users at most; a registration beyond is refused. */
  maxUsers: number;
};

export const REGISTRATION_LIMITS: RegistrationLimits = {
  perAddress: 100,
  windowMs: 3_600_000,
  maxAddresses: 10_000,
  maxPending: 10_000,
  pendingTtlMs: 24 * 3_600_000,
  maxUsers: 10_000,
};

/** A registration waiting for its link to be followed (in memory: a restart forgets it). */
export type Pending = { email: string; salt: string; hash: string };

/** One mail of the outbox. */
export type Mail = {
  to: string;
  subject: string;
  text: string;
  /** The confirmation link (a path on the API's origin), when the mail has one. */
  link: string | null;
  at: string;
};

const OUTBOX_SIZE = 1000;

/** The mail the sandbox "sent": the last OUTBOX_SIZE kept, each handed to `onMail` too. */
export class Outbox {
  private readonly mails: Mail[] = [];
  private readonly onMail: (mail: Mail) => void;

  constructor(onMail: (mail: Mail) => void = () => undefined) {
    this.onMail = onMail;
  }

  send(mail: Omit<Mail, 'at'>): void {
    const sent = { ...mail, at: new Date().toISOString() };
    this.mails.push(sent);
    if (this.mails.length > OUTBOX_SIZE) this.mails.shift();
    this.onMail(sent);
  }

  /** The mail sent to `to` (all when absent), oldest first. */
  list(to?: string): Mail[] {
    return to ? this.mails.filter((m) => m.to === to) : [...this.mails];
  }

  clear(): void {
    this.mails.length = 0;
  }
}

export type Admission = { ok: true } | { ok: false; retryAfterSeconds: number };

export class Registrations {
  private readonly limits: RegistrationLimits;
  /** Address → when its registrations in the window were made, oldest first. */
  private readonly byAddress = new Map<string, number[]>();
  /** Confirmation token → the registration and when the link stops working. */
  private readonly pending = new Map<
    string,
    { registration: Pending; expires: number }
  >();

  private readonly now: () => number;

  constructor(
    limits: Partial<RegistrationLimits> = {},
    now: () => number = Date.now,
  ) {
    this.limits = { ...REGISTRATION_LIMITS, ...limits };
    this.now = now;
  }

  /**
   * Counts a registration from `address` against its bound, or refuses it (the bound of the
   * address, of pending confirmations or of users is reached) with when to try again.
   */
  admit(address: string, users: number): Admission {
    const now = this.now();
    const { perAddress, windowMs, maxAddresses, maxPending, maxUsers } =
      this.limits;
    this.expire(now);
    const recent = (this.byAddress.get(address) ?? []).filter(
      (at) => now - at < windowMs,
    );
    if (recent.length >= perAddress) {
      this.byAddress.set(address, recent);
      const oldest = recent[0] ?? now;
      return {
        ok: false,
        retryAfterSeconds: Math.max(
          1,
          Math.ceil((oldest + windowMs - now) / 1000),
        ),
      };
    }
    if (this.pending.size >= maxPending || users >= maxUsers)
      return { ok: false, retryAfterSeconds: Math.ceil(windowMs / 1000) };
    recent.push(now);
    // re-inserted, so the Map's order is least recently seen first
    this.byAddress.delete(address);
    this.byAddress.set(address, recent);
    while (this.byAddress.size > maxAddresses) {
      const oldest = this.byAddress.keys().next().value;
      if (oldest === undefined) break;
      this.byAddress.delete(oldest);
    }
    return { ok: true };
  }

  /** Keeps a registration until its link is followed; returns the link's token. */
  hold(registration: Pending): string {
    const token = randomBytes(24).toString('base64url');
    this.pending.set(token, {
      registration,
      expires: this.now() + this.limits.pendingTtlMs,
    });
    return token;
  }

  /** The registration of a confirmation token (once: the link then stops working). */
  take(token: string): Pending | undefined {
    this.expire(this.now());
    const entry = this.pending.get(token);
    this.pending.delete(token);
    return entry?.registration;
  }

  private expire(now: number): void {
    // the Map is in order of creation, and every entry lives as long: the expired come first
    for (const [token, { expires }] of this.pending) {
      if (expires > now) break;
      this.pending.delete(token);
    }
  }

  clear(): void {
    this.byAddress.clear();
    this.pending.clear();
  }
}
