#version 330 core
// Colours are given in sRGB already (UI colours), so no encoding here.
in vec4 v_color;
out vec4 frag_color;

void main() {
  frag_color = v_color;
}
