/** Sends a text message to a phone. Implementations: console (default), webhook. */
export interface SmsProvider {
  readonly name: string;
  /** True when messages reach real phones (registration then requires SMS codes). */
  readonly delivers: boolean;
  send(message: { phone: string; stype: string; text: string }): Promise<void>;
}
