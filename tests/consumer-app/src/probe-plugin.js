/**
 * A plugin in the shape Mini Tokyo 3D's plugins have (id, name, view modes, onAdd/onRemove adding a three.js layer):
 * a magenta box on Tokyo Station, in a colour nothing else on the map has.
 */
export function probePlugin() {
  let box = null;
  return {
    id: 'probe',
    name: { en: 'Probe', ja: 'プローブ' },
    viewModes: ['ground'],
    enabled: true,
    onAdd(map) {
      map.addLayer({
        id: 'probe-box',
        type: 'three',
        onAdd(m, { scene, THREE }) {
          const size = 200 * m.getModelScale();
          box = new THREE.Mesh(new THREE.BoxGeometry(size, size, size), new THREE.MeshBasicMaterial({ color: 0xff00ff }));
          const { x, y, z } = m.getModelPosition([139.7671, 35.6812], 100);
          box.position.set(x, y, z);
          scene.add(box);
        },
        onRemove(m, { scene }) {
          scene.remove(box);
        },
      });
    },
    onRemove(map) {
      map.removeLayer('probe-box');
    },
  };
}
