export type SendAdmission = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** Send limits per application (key) and window. */
export interface SendLimits {
  admit(application: string): Promise<SendAdmission>;
}
