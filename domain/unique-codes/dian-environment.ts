/** DIAN TipoAmbiente (ProfileExecutionID): 1 producción, 2 pruebas (habilitación). */
export type DianEnvironment = '1' | '2';

export const PRODUCTION: DianEnvironment = '1';
export const TESTING: DianEnvironment = '2';
