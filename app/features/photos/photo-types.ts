export interface OwnPhoto {
  id: number
  status: 'pending' | 'active' | 'rejected'
  isMain: boolean
  thumbUrl: string
}
