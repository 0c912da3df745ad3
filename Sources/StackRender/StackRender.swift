// StackRender: placeholder until its issue lands.
