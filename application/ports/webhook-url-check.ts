/** Whether webhooks may go to a URL: its scheme, and the addresses its host resolves to. */
export interface WebhookUrlCheck {
  /** Why `url` may not receive the webhooks of `environment`, worded for the company (errors[].message of `url`); null when it may. */
  refusal(url: string, environment: string): Promise<string | null>;
}
