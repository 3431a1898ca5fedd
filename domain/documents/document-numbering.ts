/**
 * What numbered a validated document, recorded with its validation so its XML renders from the document alone:
 * the resolution (InvoiceControl) and the software (SoftwareProvider). Never the PIN.
 */
export interface DocumentNumbering {
  resolution: {
    /** Ours; `habilitacion-<family>` for DIAN's habilitación range. */
    id: string;
    number: string;
    prefix: string;
    from: number;
    to: number;
    validFrom: string;
    validTo: string;
    technicalKey: string | null;
  };
  software: { id: string; securityCode: string };
}
