import { z } from 'zod';
import { builtInFamilies } from './index.ts';
import { targetsFileSchemaFor } from '../targets/schema.ts';

/** The JSON Schema of targets.json (what a user writes: defaults are optional), generated from the zod schema. */
export function targetsJsonSchema(): Record<string, unknown> {
  return {
    ...z.toJSONSchema(targetsFileSchemaFor(builtInFamilies), {
      io: 'input',
      unrepresentable: 'any',
      // Strings may hold {port} and ${VAR} placeholders, which no URI format admits before they are filled.
      override: (context) => {
        if (context.jsonSchema.format === 'uri') delete context.jsonSchema.format;
        // `harness init`'s own hint (families/section-skeleton.ts), no keyword of JSON Schema.
        delete context.jsonSchema.initKeys;
      },
    }),
    title: 'targets.json of the API conformance harness',
  };
}

export function targetsJsonSchemaText(): string {
  return `${JSON.stringify(targetsJsonSchema(), null, 2)}\n`;
}
