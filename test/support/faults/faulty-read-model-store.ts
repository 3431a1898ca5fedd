import type {
  CheckpointStore,
  CollectionDefinition,
  CollectionOptions,
  ReadModelCollection,
  ReadModelStore,
  SettingsStore,
} from '../../../application/ports/read-model-store.ts';
import { FaultSwitch } from './fault-switch.ts';

/**
 * Any read-model store with faults injected on demand: the store unreachable (every call fails), or only checkpoint
 * writes failing. Works over every adapter.
 */
export class FaultyReadModelStore implements ReadModelStore {
  readonly unreachable = new FaultSwitch('read models', 'connection refused');
  readonly checkpointWrites = new FaultSwitch('read models', 'checkpoint write timed out');
  readonly checkpoints: CheckpointStore;
  readonly settings: SettingsStore;

  constructor(readonly inner: ReadModelStore) {
    const guard = this.unreachable;
    const writes = this.checkpointWrites;
    this.checkpoints = {
      load: async (name) => {
        guard.check(`load checkpoint ${name}`);
        return inner.checkpoints.load(name);
      },
      store: async (name, position) => {
        guard.check(`store checkpoint ${name}`);
        writes.check(`store checkpoint ${name}`);
        return inner.checkpoints.store(name, position);
      },
    };
    this.settings = {
      get: async (key) => {
        guard.check(`read setting ${key}`);
        return inner.settings.get(key);
      },
      set: async (key, value) => {
        guard.check(`write setting ${key}`);
        return inner.settings.set(key, value);
      },
    };
  }

  collection<T extends object>(definition: CollectionDefinition, options?: CollectionOptions): ReadModelCollection<T> {
    const inner = this.inner.collection<T>(definition, options);
    const guard = this.unreachable;
    // Every method of the collection goes through the switch, whatever the port holds now or later.
    return new Proxy(inner, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver);
        if (typeof value !== 'function') return value;
        return async (...args: unknown[]) => {
          guard.check(`${String(property)} on ${definition.name}`);
          return value.apply(target, args);
        };
      },
    });
  }

  async finishBuilding(definition: CollectionDefinition): Promise<void> {
    this.unreachable.check(`indexes of ${definition.name}`);
    return this.inner.finishBuilding(definition);
  }

  async dropCollection(name: string): Promise<void> {
    this.unreachable.check(`drop ${name}`);
    return this.inner.dropCollection(name);
  }

  async ping(): Promise<void> {
    this.unreachable.check('ping');
    return this.inner.ping();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}
