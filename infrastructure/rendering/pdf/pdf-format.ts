/** Colombian notation of a decimal string: thousands with '.', decimals with ','; 83300.00 → 83.300,00. */
export function decimalEs(value: string): string {
  const negative = value.startsWith('-');
  const [integer, decimals = ''] = (negative ? value.slice(1) : value).split('.');
  const grouped = integer.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${negative ? '-' : ''}${grouped}${decimals ? `,${decimals}` : ''}`;
}

export function pesos(value: string): string {
  return `$ ${decimalEs(value)}`;
}

export function percent(value: string): string {
  return `${decimalEs(value)} %`;
}
