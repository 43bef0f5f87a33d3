/** What a buyer's client needs to pay an order. */
export interface PayAction {
  kind: 'manual' | 'qr' | 'redirect';
  code_url: string | null;
  pay_url: string | null;
  hint: string;
}

export interface PayOrder {
  orderNo: string;
  amountFen: number;
  description: string;
  /** Where the gateway posts its notice of payment. */
  notifyUrl: string;
  /** Where the buyer's browser returns after paying (Alipay page pay). */
  returnUrl: string;
}

/** A payment notice whose signature checked out: the gateway says `orderNo` was paid `amountFen`. */
export interface VerifiedNotice {
  orderNo: string;
  tradeNo: string;
  amountFen: number;
  /** False for notices of other events (a closed trade): acknowledged, nothing granted. */
  paid: boolean;
}

/** A notice as it arrived: the raw body (signatures cover its exact bytes) and the headers. */
export interface RawNotice {
  body: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** A notice refused: bad signature, undecryptable, stale, for another merchant. */
export class NoticeRefused extends Error {}

/** The answer the gateway expects, for an accepted (or already handled) notice and for a refused one. */
export interface NoticeAnswer {
  status: number;
  contentType: string;
  body: string;
}

export interface PayProvider {
  readonly name: 'manual' | 'wechat' | 'alipay';
  /** Prepares payment of an order with the gateway (the manual provider only says to wait). */
  create(order: PayOrder): Promise<PayAction>;
  /** Checks a notice's signature and reads it; throws NoticeRefused. Absent for the manual provider. */
  verifyNotice?(notice: RawNotice): Promise<VerifiedNotice>;
  answer?(accepted: boolean, reason?: string): NoticeAnswer;
}

/** PEM keys arrive in one-line environment variables with `\n` escapes. */
export function pem(value: string): string {
  return value.includes('\\n') ? value.replace(/\\n/g, '\n') : value;
}
