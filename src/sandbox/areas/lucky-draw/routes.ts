import { Hono } from 'hono';

import { SandboxError } from '../../envelope.ts';
import { handle, type SandboxEnv } from '../../handler.ts';
import { credit, requireUser } from '../../ledger.ts';
import { type Coin, prng } from '../../seed.ts';
import { parseAmount } from '../../store.ts';
import { drawResultsSeed, LUCKY_DRAWS } from './seed.ts';

/** features/lucky-draw: the draws, one draw with the user's chances, and drawing (prizes into FUND). */
export const routes = new Hono<SandboxEnv>()
  .get(
    '/lucky-draws',
    handle(() => ({
      result: {
        items: LUCKY_DRAWS.map(({ name, startAt, endAt }) => ({
          name,
          startAt,
          endAt,
        })),
      },
    })),
  )
  .get(
    '/lucky-draws/:name',
    handle((req, ctx) => {
      const draw = LUCKY_DRAWS.find((d) => d.name === req.params.name);
      if (!draw) throw new SandboxError('DRAW_NOT_FOUND');
      const user = ctx.store.userBySession(req.sid);
      const mine = user
        ? ctx.store.state.draws[`${draw.name}|${user.email}`]
        : undefined;
      return {
        result: {
          ...draw,
          chancesLeft: user ? draw.chancesPerUser - (mine?.count ?? 0) : null,
          myResults: mine?.results ?? [],
          results: drawResultsSeed(draw.name),
        },
      };
    }),
  )
  .post(
    '/lucky-draws/:name/draw',
    handle(async (req, ctx) => {
      const user = requireUser(req, ctx);
      const draw = LUCKY_DRAWS.find((d) => d.name === req.params.name);
      if (!draw) throw new SandboxError('DRAW_NOT_FOUND');
      return ctx.store.mutate((state) => {
        const key = `${draw.name}|${user.email}`;
        const mine = (state.draws[key] ??= { count: 0, results: [] });
        if (mine.count >= draw.chancesPerUser)
          throw new SandboxError('NO_CHANCES_LEFT');
        const random = prng(
          [...key].reduce(
            (a, c) => a * 31 + c.charCodeAt(0),
            mine.count + 1,
          ) >>> 0,
        )();
        let acc = 0;
        const prize =
          draw.prizes.find((p) => (acc += Number(p.probability)) >= random) ??
          draw.prizes[draw.prizes.length - 1];
        if (!prize) throw new SandboxError('INTERNAL');
        mine.count++;
        const result = { prizeId: prize.id, at: new Date().toISOString() };
        mine.results.push(result);
        const u = state.users[user.email] ?? user;
        credit(
          u,
          'ACCOUNT_TYPE_FUND',
          prize.coin as Coin,
          parseAmount(prize.amount) ?? 0n,
        );
        return {
          result: {
            ...result,
            coin: prize.coin,
            amount: prize.amount,
            chancesLeft: draw.chancesPerUser - mine.count,
          },
        };
      });
    }),
  );
