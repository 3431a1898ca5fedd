/** What each projection of the catalog holds, in Spanish; one the console does not know keeps the API's description. */
const DESCRIPTIONS: Record<string, string> = {
  documents: 'Todos los documentos de todas las familias, para las listas y los filtros',
  'received-documents': 'Facturas validadas, por el NIT y el ambiente de la empresa a la que se emitieron (recepción)',
  'tacit-acceptance-schedule': 'Temporizadores de la aceptación tácita (034) de cada factura a crédito con 032',
  'acceptance-event-transmission-schedule': 'Temporizadores del envío a la DIAN de los eventos propios (PROVIDER=dian)',
  messages: 'Cada mensaje con su estado, para los correos de cada documento',
  'message-schedule': 'Temporizadores de la entrega de mensajes: cuándo toca el próximo intento',
  'webhook-events': 'Cada notificación de webhook de cada empresa, en el orden del log: lo que se puede reenviar',
  'webhook-deliveries': 'El registro de entregas de webhooks: cada intento con su hora, estado, duración y respuesta',
  'webhook-schedule': 'Temporizadores de la entrega de webhooks: cuándo necesita trabajo cada cola',
};

export function projectionDescription(name: string, fallback: string): string {
  return DESCRIPTIONS[name] ?? fallback;
}
