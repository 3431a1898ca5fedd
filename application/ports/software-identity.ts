/** The software a company registered with DIAN: its id and PIN enter event CUDEs and software security codes. */
export interface SoftwareIdentity {
  id: string;
  pin: string;
}

/** Which software a company uses in an environment (`test` or `live`). */
export interface SoftwareIdentities {
  of(tenantId: string, environment: string): Promise<SoftwareIdentity>;
}
