import { describe, expect, it } from 'vitest';

import {
  ENTRY_KEY_FIELD,
  entryKeyOf,
  isAt,
  newEntryKey,
  parseSpots,
  SCROLL_SPOTS_MAX,
  stateWithEntryKey,
} from './history-memory.ts';
import { createRecentMap } from './recent-map.ts';

describe('the recent map behind the kept pages and positions', () => {
  it('forgets the least recently used entry past its bound', () => {
    const map = createRecentMap<number>({ max: 3 });
    map.set('a', 1);
    map.set('b', 2);
    map.set('c', 3);
    expect(map.get('a')).toBe(1); // a is now the most recent
    map.set('d', 4);
    expect(map.get('b')).toBeUndefined();
    expect(map.entries().map(([key]) => key)).toEqual(['c', 'a', 'd']);
    map.set('c', 30);
    expect(map.entries()).toEqual([
      ['a', 1],
      ['d', 4],
      ['c', 30],
    ]);
    expect(map.size()).toBe(3);
  });

  it('forgets an entry older than its age when read, and prunes old ones on every write', () => {
    let clock = 0;
    const map = createRecentMap<string>({
      max: 8,
      maxAgeMs: 1000,
      now: () => clock,
    });
    map.set('old', 'x');
    clock = 600;
    map.set('newer', 'y');
    clock = 1001;
    expect(map.get('old')).toBeUndefined();
    expect(map.get('newer')).toBe('y');
    clock = 1700;
    map.set('newest', 'z');
    // 'newer' (written at 600) is past its age: gone at the write, not only when read
    expect(map.size()).toBe(1);
    expect(map.entries()).toEqual([['newest', 'z']]);
  });

  it('clears at once (a login or a logout)', () => {
    const map = createRecentMap<number>({ max: 4 });
    map.set('a', 1);
    map.set('b', 2);
    map.clear();
    expect(map.size()).toBe(0);
    expect(map.get('a')).toBeUndefined();
  });
});

describe('entry keys in history.state', () => {
  it('reads a key only from a state that has a plausible one', () => {
    expect(entryKeyOf(null)).toBeUndefined();
    expect(entryKeyOf('x')).toBeUndefined();
    expect(entryKeyOf([])).toBeUndefined();
    expect(entryKeyOf({ [ENTRY_KEY_FIELD]: 3 })).toBeUndefined();
    expect(entryKeyOf({ [ENTRY_KEY_FIELD]: '' })).toBeUndefined();
    expect(entryKeyOf({ [ENTRY_KEY_FIELD]: 'k'.repeat(65) })).toBeUndefined();
    expect(entryKeyOf({ [ENTRY_KEY_FIELD]: 'abc' })).toBe('abc');
  });

  it('adds the key to the state and keeps what else it holds', () => {
    expect(stateWithEntryKey({ other: 1 }, 'k1')).toEqual({
      other: 1,
      [ENTRY_KEY_FIELD]: 'k1',
    });
    expect(stateWithEntryKey(null, 'k2')).toEqual({ [ENTRY_KEY_FIELD]: 'k2' });
    expect(entryKeyOf(stateWithEntryKey({ [ENTRY_KEY_FIELD]: 'a' }, 'b'))).toBe(
      'b',
    );
  });

  it('makes a different key each time', () => {
    const keys = new Set(Array.from({ length: 200 }, newEntryKey));
    expect(keys.size).toBe(200);
    for (const key of keys)
      expect(entryKeyOf(stateWithEntryKey(null, key))).toBe(key);
  });
});

describe('positions saved in session storage', () => {
  it('reads back what was saved and ignores anything malformed', () => {
    const saved = JSON.stringify([
      ['a', { x: 0, y: 700 }],
      ['b', { x: 0, y: -5 }],
      ['c', { x: 0, y: 'far' }],
      [3, { x: 0, y: 1 }],
      'junk',
      ['d', { x: 10.5, y: 20 }],
    ]);
    expect(parseSpots(saved)).toEqual([
      ['a', { x: 0, y: 700 }],
      ['d', { x: 10.5, y: 20 }],
    ]);
    expect(parseSpots(null)).toEqual([]);
    expect(parseSpots('{')).toEqual([]);
    expect(parseSpots('{"a":1}')).toEqual([]);
  });

  it('keeps at most the most recent SCROLL_SPOTS_MAX', () => {
    const many = Array.from({ length: SCROLL_SPOTS_MAX + 10 }, (_, i) => [
      `k${i}`,
      { x: 0, y: i },
    ]);
    const spots = parseSpots(JSON.stringify(many));
    expect(spots).toHaveLength(SCROLL_SPOTS_MAX);
    expect(spots[0]?.[0]).toBe('k10');
  });

  it('counts a position within a pixel as reached', () => {
    expect(isAt({ x: 0, y: 699.5 }, { x: 0, y: 700 })).toBe(true);
    expect(isAt({ x: 0, y: 697 }, { x: 0, y: 700 })).toBe(false);
  });
});
