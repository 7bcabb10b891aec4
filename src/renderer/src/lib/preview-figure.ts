/** One number of an import's preview: "Orders 1,204", in warning colour when worth a look. */
export interface PreviewFigure<Key extends string = string> {
  key: Key
  label: string
  value: number
  /** Worth a second look before importing (shown in warning colour when above 0). */
  warn?: boolean
}
