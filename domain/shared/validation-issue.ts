/** One broken rule, located by a path such as `items[0].price` or `customer.dv`. */
export interface ValidationIssue {
  field: string;
  message: string;
}
