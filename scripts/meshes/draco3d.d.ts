// The part of the draco3d package (Google's Draco, emscripten build) the fixture script uses.
declare module 'draco3d' {
  interface EncoderModule {
    Encoder: new () => { EncodeMeshToDracoBuffer(mesh: object, out: object): number };
    MeshBuilder: new () => {
      AddFacesToMesh(mesh: object, faces: number, indices: Uint32Array): boolean;
      AddFloatAttributeToMesh(mesh: object, type: number, points: number, components: number, data: Float32Array): number;
    };
    Mesh: new () => object;
    DracoInt8Array: new () => { GetValue(i: number): number };
    POSITION: number;
    destroy(o: object): void;
  }
  const draco3d: { createEncoderModule(options: object): Promise<EncoderModule> };
  export default draco3d;
}
