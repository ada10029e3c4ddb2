/**
 * What the centre remembers about entries (paired, rolled up, told once) must
 * not grow with a long run: a map with a bound that forgets the oldest first.
 */
import { forgetOldest } from '@shared/forget-oldest'

export class BoundedMap<K, V> {
  private readonly map = new Map<K, V>()
  constructor(private readonly capacity: number) {}
  get(key: K): V | undefined {
    return this.map.get(key)
  }
  has(key: K): boolean {
    return this.map.has(key)
  }
  set(key: K, value: V): void {
    this.map.delete(key)
    this.map.set(key, value)
    forgetOldest(this.map, this.capacity)
  }
  delete(key: K): void {
    this.map.delete(key)
  }
}
