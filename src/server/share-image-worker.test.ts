import { describe, expect, it } from 'vitest';

import {
  pngSize,
  renderShareCard,
  type ShareCard,
} from './share-image-render.ts';
import { drawShareCard } from './share-image-worker.ts';

const card = (title: string): ShareCard => ({
  locale: 'ja-JP',
  siteName: 'Example Exchange',
  title,
  description: '新しいトークンの販売に参加し、割当を受け取りましょう。',
  figures: [
    ['トークン価格', '0.045 USDT'],
    ['参加者', '18,233'],
  ],
});

/** How long `work` took, and the longest the main thread went without running a 1 ms timer. */
const mainThreadPause = async (work: () => Promise<unknown>) => {
  let last = performance.now();
  let longest = 0;
  const sampler = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 1);
  const started = performance.now();
  await work();
  const took = performance.now() - started;
  clearInterval(sampler);
  return { took, longest: Math.max(longest, performance.now() - last) };
};

describe('share images drawn on a worker thread (issue 41)', () => {
  it('draws the same PNG as drawing on the main thread', async () => {
    const c = card('トークンローンチ：オーロラチェーン');
    const [inWorker, here] = await Promise.all([
      drawShareCard(c),
      renderShareCard(c),
    ]);
    expect(pngSize(inWorker)).toEqual({ width: 1200, height: 630 });
    expect(Buffer.from(inWorker).equals(Buffer.from(here))).toBe(true);
  }, 60_000);

  it('leaves the main thread free while it draws: its longest pause is a small part of the draw', async () => {
    // fonts and WebAssembly loaded in the worker first: what is measured is drawing
    await drawShareCard(card('準備'));
    const { took, longest } = await mainThreadPause(() =>
      Promise.all([
        drawShareCard(card('新規上場トークンの割当販売')),
        drawShareCard(card('ステーキングと貯蓄の商品')),
        drawShareCard(card('取引コンペティションの賞金')),
      ]),
    );
    expect(longest).toBeLessThan(took * 0.2);
  }, 60_000);
});
