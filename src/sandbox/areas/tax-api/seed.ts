/** The tax-api area's seed data (deterministic, language-neutral: see src/sandbox/seed.ts). */

const param = (
  name: string,
  type: string,
  required: boolean,
  description: string,
) => ({ name, type, required, description });
const PAGE_PARAMS = [
  param('startTime', 'integer', false, 'start-time'),
  param('endTime', 'integer', false, 'end-time'),
  param('cursor', 'string', false, 'cursor'),
  param('limit', 'integer', false, 'limit'),
];

/** What the on-chain reads (deposits, withdrawals) take, and the fields they all answer with. */
const CHAIN_PARAMS = [...PAGE_PARAMS, param('coin', 'string', false, 'coin')];
const CHAIN_FIELDS = [
  param('txId', 'string', true, 'tx-id'),
  param('coin', 'string', true, 'coin'),
  param('amount', 'decimal', true, 'amount'),
];

/** A Tax API endpoint's example answer: one page of `list` and the cursor to the next. */
const examplePage = (list: readonly object[], nextCursor: string | null) => ({
  ret_code: 0,
  ret_msg: 'OK',
  result: { list, nextCursor },
});

/** A Tax API read: its id names its path (`trades`: `GET /tax/v1/trades`). */
const getEndpoint = (id: string) => ({
  id,
  method: 'GET',
  path: `/tax/v1/${id}`,
});

/**
 * An on-chain read (deposits, withdrawals): the chain's parameters and fields plus the one field
 * of its own, and a one-record example page filtered by `query`.
 */
const chainRead = (
  id: 'deposits' | 'withdrawals',
  own: ReturnType<typeof param>,
  query: string,
  record: object,
) => ({
  ...getEndpoint(id),
  parameters: CHAIN_PARAMS,
  fields: [...CHAIN_FIELDS, own, param('time', 'integer', true, 'time')],
  exampleRequest: `GET /tax/v1/${id}?${query}&limit=1`,
  exampleResponse: examplePage([record], null),
});

export const TAX_DOCS = {
  baseUrl: 'https://api2.example-exchange.com',
  auth: 'hmac-sha256',
  rateLimitPerMinute: 120,
  endpoints: [
    {
      ...getEndpoint('trades'),
      parameters: [...PAGE_PARAMS, param('symbol', 'string', false, 'symbol')],
      fields: [
        param('tradeId', 'string', true, 'trade-id'),
        param('symbol', 'string', true, 'symbol'),
        param('side', 'string', true, 'side'),
        param('price', 'decimal', true, 'price'),
        param('qty', 'decimal', true, 'qty'),
        param('fee', 'decimal', true, 'fee'),
        param('feeCoin', 'string', true, 'fee-coin'),
        param('time', 'integer', true, 'time'),
      ],
      exampleRequest:
        'GET /tax/v1/trades?symbol=BTCUSDT&startTime=1761955200000&limit=2',
      exampleResponse: examplePage(
        [
          {
            tradeId: '8843221',
            symbol: 'BTCUSDT',
            side: 'buy',
            price: '67250.12',
            qty: '0.015',
            fee: '0.000015',
            feeCoin: 'BTC',
            time: 1761958800000,
          },
          {
            tradeId: '8843290',
            symbol: 'BTCUSDT',
            side: 'sell',
            price: '67301.00',
            qty: '0.010',
            fee: '0.6730',
            feeCoin: 'USDT',
            time: 1761962400000,
          },
        ],
        'eyJpZCI6ODg0MzI5MH0',
      ),
    },
    chainRead(
      'deposits',
      param('network', 'string', true, 'network'),
      'coin=USDT',
      {
        txId: '0x9f2c…e1',
        coin: 'USDT',
        amount: '2500',
        network: 'TRC20',
        time: 1761872400000,
      },
    ),
    chainRead('withdrawals', param('fee', 'decimal', true, 'fee'), 'coin=ETH', {
      txId: '0x17ab…42',
      coin: 'ETH',
      amount: '1.2',
      fee: '0.0012',
      time: 1761786000000,
    }),
    {
      ...getEndpoint('transfers'),
      parameters: PAGE_PARAMS,
      fields: [
        param('transferId', 'string', true, 'transfer-id'),
        param('from', 'string', true, 'from-account'),
        param('to', 'string', true, 'to-account'),
        param('coin', 'string', true, 'coin'),
        param('amount', 'decimal', true, 'amount'),
        param('time', 'integer', true, 'time'),
      ],
      exampleRequest: 'GET /tax/v1/transfers?limit=1',
      exampleResponse: examplePage(
        [
          {
            transferId: 't-55102',
            from: 'ACCOUNT_TYPE_SPOT',
            to: 'ACCOUNT_TYPE_FUND',
            coin: 'USDT',
            amount: '10',
            time: 1761800000000,
          },
        ],
        null,
      ),
    },
  ],
};
