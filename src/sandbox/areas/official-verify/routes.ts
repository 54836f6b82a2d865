import { Hono } from 'hono';

import { SandboxError } from '../../envelope.ts';
import { handle, type SandboxEnv } from '../../handler.ts';
import { officialChannels } from './seed.ts';

const normalizeVerify = (kind: string, raw: string): string => {
  const value = raw.trim().toLowerCase();
  if (kind === 'url')
    return value
      .replace(/^https?:\/\//, '')
      .replace(/\/.*$/, '')
      .replace(/:\d+$/, '');
  if (kind === 'telegram')
    return value.replace(/^(?:https?:\/\/)?t\.me\//, '').replace(/^@/, '');
  if (kind === 'x')
    return value
      .replace(/^(?:https?:\/\/)?(?:x|twitter)\.com\//, '')
      .replace(/^@/, '');
  return value;
};

/** features/official-verify: is a URL, email, Telegram or X account one of ours? */
export const routes = new Hono<SandboxEnv>().get(
  '/official-verify',
  handle((req, ctx) => {
    const kind = req.query.get('kind') ?? '';
    const raw = req.query.get('value') ?? '';
    if (!['url', 'email', 'telegram', 'x'].includes(kind))
      throw new SandboxError('VERIFY_INVALID_KIND');
    if (!raw.trim() || raw.length > 256)
      throw new SandboxError('VERIFY_INVALID_VALUE');
    const value = normalizeVerify(kind, raw);
    const channels = officialChannels(ctx.siteDomain)[
      kind as 'url' | 'email' | 'telegram' | 'x'
    ];
    const matched = channels.find((c) => c === value);
    return {
      result: {
        kind,
        value,
        official: Boolean(matched),
        ...(matched ? { matched } : {}),
      },
    };
  }),
);
