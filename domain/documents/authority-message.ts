/** An error or warning the tax authority returned about a document. */
export interface AuthorityMessage {
  code: string;
  message: string;
}
