/**
 * Why a webhook endpoint needs attention, in Spanish: the service's `disabled_reason` (`requested`, `gone`, or
 * `failing` once its deliveries failed for 3 days), or `failing` for one still enabled whose deliveries fail.
 */
export function webhookReasonLabel(reason: string, disabled: boolean): string {
  if (reason === 'requested') return 'desactivado a pedido de la empresa';
  if (reason === 'gone') return 'el receptor respondió 410: ya no existe';
  if (reason === 'failing') return disabled ? 'sus entregas fallaron durante 3 días' : 'sus entregas están fallando';
  return reason;
}
