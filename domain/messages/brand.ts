/** How a company's e-mails look and who they say they come from. */
export interface Brand {
  slug: string;
  name: string;
  /** An http(s) URL of the logo image; null shows the name instead. */
  logoUrl: string | null;
  colors: { primary: string; secondary: string };
  legal: { legalName: string; nit: string; address: string | null; phone: string | null; email: string | null; website: string | null };
  /** Key ids of the applications that may send with it; `allApplications` opens it to every key of the company. */
  applications: string[];
  allApplications: boolean;
}

export const DEFAULT_COLORS = { primary: '#1f4e79', secondary: '#f2a900' };

export function mayUseBrand(brand: Brand, application: string): boolean {
  return brand.allApplications || brand.applications.includes(application);
}
