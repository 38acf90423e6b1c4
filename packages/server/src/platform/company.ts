/**
 * The company block printed on every generated document (OC, invoice, PO, checklist, packing list,
 * reports). The administrator edits it on the Settings page (modules/company, the `company_settings`
 * row); a document module reads it there (`companyForDocuments`) and hands it to platform/pdf.ts.
 */
export interface DocumentCompany {
  name: string;
  /** The address, one entry a line. */
  address: string[];
  contact: string;
  /** The bank lines (bank, holder, IBAN / account, SWIFT / BIC); empty when none is set. */
  bank: string[];
  /** The logo as a data URL pdfmake draws (PNG or JPEG), or null. */
  logo: string | null;
}

/** What documents printed before the Settings page; the seed of the `company_settings` row (migration 0035). */
export const DEFAULT_COMPANY: DocumentCompany = {
  name: 'BPM Hardware Inc.',
  address: ['100 Industrial Way', 'San Jose, CA 95110', 'United States'],
  contact: 'sales@bpm.example.com · +1 (555) 010-0100',
  bank: [],
  logo: null,
};
