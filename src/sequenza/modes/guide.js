// The rules of a mode file for people: its rules text travels in the file (the generic rules
// page reads it from there).

export function rules() {
  return [];
}
