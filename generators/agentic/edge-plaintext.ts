/**
 * Decrypted texts at the edges of what a payload can be, sent encrypted to the partner: no rule says what they
 * get, only that a 500, if any, has the documented body.
 */
export function edgePlaintexts(enrollmentId: string): { text: string; why: string }[] {
  return [
    { text: 'not json at all', why: 'text that is not JSON' },
    { text: '', why: 'an empty plaintext' },
    { text: '[]', why: 'a JSON array' },
    { text: 'null', why: 'JSON null' },
    { text: '"ENROLLMENT_UPDATE"', why: 'a JSON string' },
    { text: '{"notificationType":', why: 'truncated JSON' },
    {
      text: JSON.stringify({
        notificationType: 'ENROLLMENT_UPDATE',
        enrollmentStatus: 'ACTIVE',
        enrollmentId: 'e'.repeat(100_000),
      }),
      why: 'an enrollmentId of 100000 characters',
    },
    {
      text: JSON.stringify({
        notificationType: 'ENROLLMENT_UPDATE',
        enrollmentStatus: 'ACTIVE',
        enrollmentId,
        nested: { deep: [[[[[[{}]]]]]] },
      }),
      why: 'an extra nested member',
    },
    {
      text: JSON.stringify({ notificationType: ['ENROLLMENT_UPDATE'], enrollmentStatus: 'ACTIVE', enrollmentId }),
      why: 'notificationType as an array',
    },
  ];
}
