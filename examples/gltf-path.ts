/**
 * A path across a glTF level: load it with three's GLTFLoader (Draco and meshopt compressed
 * levels too: the decoders three ships, served with the page), hand the scene to NavWorld,
 * ask for an any-angle path between two corners and draw it.
 */
import { Box3, BufferGeometry, Line, LineBasicMaterial, Vector3 } from 'three';
import { GLTFLoader } from 'three/examples/jsm/loaders/GLTFLoader.js';
import { DRACOLoader } from 'three/examples/jsm/loaders/DRACOLoader.js';
import { MeshoptDecoder } from 'three/examples/jsm/libs/meshopt_decoder.module.js';
import dracoWrapperUrl from 'three/examples/jsm/libs/draco/gltf/draco_wasm_wrapper.js?url';
import dracoWasmUrl from 'three/examples/jsm/libs/draco/gltf/draco_decoder.wasm?url';
import { NavWorld } from 'navlab/three';
import levelUrl from './sample.glb?url';
import { createStage } from './stage.ts';

const stage = createStage(new Vector3(6, 14, 18), new Vector3(6, 2, 2));
const draco = new DRACOLoader().setDecoderPath({ js: dracoWrapperUrl, wasm: dracoWasmUrl });
const gltf = await new GLTFLoader().setDRACOLoader(draco).setMeshoptDecoder(MeshoptDecoder).loadAsync(levelUrl);
draco.dispose();
stage.scene.add(gltf.scene);

// The space agents may fly in: the level's box with a margin around it.
const bounds = new Box3().setFromObject(gltf.scene).expandByScalar(1);
const nav = NavWorld.fromObject3D(gltf.scene, { cellSize: 0.25, agentRadius: 0.15, waypoints: 'none', bounds });

const from = bounds.min.clone().addScalar(0.5);
const to = bounds.max.clone().subScalar(0.5);
const path = nav.findPath(from, to, { algorithm: 'lazy-theta' });

const line = new Line(new BufferGeometry().setFromPoints(path.points), new LineBasicMaterial({ color: 0x22c55e }));
line.name = 'path';
stage.scene.add(line);
stage.info(`${path.status}: ${path.points.length} corners, ${path.length.toFixed(2)} units, ${path.expanded} voxels expanded`);
stage.loop(() => {});

Object.assign(window, { example: { status: path.status, corners: path.points.length, length: path.length } });
