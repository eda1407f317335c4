// Vertex positions of a glTF character as three.js computes them: the file
// loaded by GLTFLoader, a clip played by AnimationMixer to a time, every
// mesh's vertices through SkinnedMesh.getVertexPosition (morph targets, then
// skinning) and the mesh's world matrix. Every `stride`-th vertex of every
// primitive is kept, with its index, so the reference stays small.
//
//   node reference_mesh.mjs MODEL.glb STRIDE CLIP:TIME [CLIP:TIME ...] > OUT.json
//
// Meshes are listed in three.js's scene order, each with its vertex count;
// tests/app/three_reference_test.cpp pairs them with --dump-mesh's
// primitives by that order among primitives of the same vertex count.
import fs from 'fs';
import * as THREE from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';

const [file, strideText, ...cases] = process.argv.slice(2);
const stride = parseInt(strideText, 10);
const bytes = fs.readFileSync(file);
const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength);

// A fresh load per case: a clip leaves the joints it does not animate at
// their rest, as the viewer starts every pose from the rest pose.
function Load() {
  return new Promise((resolve, reject) => new GLTFLoader().parse(buffer.slice(0), '', resolve, reject));
}

const out = { generator: `three.js ${THREE.REVISION}`, stride, cases: [] };
for (const c of cases) {
  const gltf = await Load();
  const [clipName, timeText] = c.split(':');
  const time = parseFloat(timeText);
  const mixer = new THREE.AnimationMixer(gltf.scene);
  const clip = gltf.animations.find((a) => a.name === clipName);
  if (!clip) throw new Error(`no clip ${clipName}`);
  mixer.clipAction(clip).play();
  mixer.setTime(time);
  gltf.scene.updateMatrixWorld(true);
  const meshes = [];
  gltf.scene.traverse((object) => {
    if (!object.isMesh) return;
    const position = object.geometry.attributes.position;
    const v = new THREE.Vector3();
    const vertices = [];
    for (let i = 0; i < position.count; i += stride) {
      object.getVertexPosition(i, v);
      v.applyMatrix4(object.matrixWorld);
      vertices.push([i, v.x, v.y, v.z]);
    }
    meshes.push({ count: position.count, vertices });
  });
  out.cases.push({ clip: clipName, time, meshes });
}
process.stdout.write(JSON.stringify(out));
