/** The other party of a document, whatever its family calls it: customer, provider (support documents) or worker. */
export function counterpartyOf(record: Record<string, unknown>): { role: string; name: string; identification: string } | undefined {
  const roles: Array<[string, string]> = [
    ['customer', 'Cliente'],
    ['provider', 'Proveedor'],
    ['worker', 'Trabajador'],
  ];
  for (const [member, role] of roles) {
    const party = record[member];
    if (typeof party !== 'object' || party === null) continue;
    const fields = party as Record<string, unknown>;
    const personal = ['names', 'first_name', 'other_names', 'surname', 'second_surname', 'last_name']
      .map((name) => fields[name])
      .filter((value) => typeof value === 'string' && value !== '')
      .join(' ');
    const name = [fields.company, fields.name, fields.trade_name].find((value) => typeof value === 'string' && value !== '') ?? personal;
    const identification = [fields.identification, fields.identification_number].find((value) => typeof value === 'string' || typeof value === 'number');
    const dv = typeof fields.dv === 'string' && fields.dv !== '' ? `-${fields.dv}` : '';
    return { role, name: String(name || '—'), identification: identification === undefined ? '—' : `${identification}${dv}` };
  }
  return undefined;
}
