import type { AcceptanceRecord } from './acceptance-record.ts';
import { answerStatus } from './dian-transmission.ts';
import type { TransmissionCommand } from './transmission-commands.ts';
import type { TransmissionEvent } from './transmission-events.ts';
import type { TransmissionProgress } from './transmission-state.ts';

interface TransmissionView {
  records: readonly AcceptanceRecord[];
  transmissions: Readonly<Record<string, TransmissionProgress>>;
}

/**
 * The sending of the trail's own events to DIAN. Only events recorded to be sent (`dian` on their record) are sent, each
 * until DIAN answers or the attempts run out. An attempt starts only when due and no other attempt holds the event, so
 * racing workers claim it once; answers and faults that come when the event no longer waits for them decide nothing.
 */
export function decideTransmission(command: TransmissionCommand, state: TransmissionView): TransmissionEvent[] {
  const { invoiceId, eventNumber, now } = command;
  const record = state.records.find((candidate) => candidate.number === eventNumber);
  if (record?.dian?.status !== 'pending') return [];
  const progress = state.transmissions[eventNumber] ?? { attempt: 0, nextAttemptAt: null };
  const at = now.toISOString();
  switch (command.type) {
    case 'StartEventTransmission': {
      if (progress.nextAttemptAt !== null && now.getTime() < Date.parse(progress.nextAttemptAt)) return [];
      const leaseUntil = new Date(now.getTime() + command.leaseMs).toISOString();
      return [{ type: 'AcceptanceEventTransmissionStarted', data: { invoiceId, eventNumber, attempt: progress.attempt + 1, leaseUntil, at } }];
    }
    case 'RecordEventTransmission': {
      const { answer, attempt } = command;
      const data = { invoiceId, eventNumber, attempt, status: answerStatus(answer), ...answer, answeredAt: at };
      return [{ type: 'AcceptanceEventTransmitted', data: { ...data, ...(command.fileName && { fileName: command.fileName }) } }];
    }
    case 'RecordEventTransmissionFault': {
      const { attempt, reason, retryAt } = command;
      if (attempt !== progress.attempt) return [];
      if (retryAt === null) return [{ type: 'AcceptanceEventTransmissionFailed', data: { invoiceId, eventNumber, attempt, reason, at } }];
      return [{ type: 'AcceptanceEventTransmissionDeferred', data: { invoiceId, eventNumber, attempt, reason, retryAt: retryAt.toISOString(), at } }];
    }
  }
}
