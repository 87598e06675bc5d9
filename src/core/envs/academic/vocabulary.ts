/** Word lists from which the generator builds a plausible machine-learning literature. */

/** A research area: the venues that publish it. */
export interface Area {
  venues: string[];
  /** Tasks of the area, used in titles and keywords. */
  tasks: string[];
}

export const AREAS: Area[] = [
  { venues: ['CVPR', 'ICCV', 'ECCV', 'TPAMI'], tasks: ['Image Segmentation', 'Object Detection', 'Video Understanding', 'Point Cloud Registration', 'Image Synthesis', 'Visual Question Answering'] },
  { venues: ['ACL', 'EMNLP', 'NAACL', 'TACL'], tasks: ['Machine Translation', 'Question Answering', 'Text Classification', 'Summarization', 'Named Entity Recognition', 'Code Generation'] },
  { venues: ['KDD', 'WWW', 'WSDM', 'TKDE'], tasks: ['Link Prediction', 'Recommendation', 'Node Classification', 'Anomaly Detection', 'Time Series Forecasting', 'Click-Through Rate Prediction'] },
  { venues: ['NeurIPS', 'ICML', 'ICLR', 'JMLR'], tasks: ['Offline Reinforcement Learning', 'Molecular Property Prediction', 'Protein Structure Prediction', 'Tabular Data', 'Robotic Manipulation', 'Speech Recognition'] },
];

/** Journals among the venues; the rest are conferences. */
export const JOURNALS = new Set(['TPAMI', 'TACL', 'TKDE', 'JMLR']);

/** Model families and methods: the subjects of titles. */
export const MODELS = [
  'Graph Neural Networks', 'Transformers', 'Diffusion Models', 'Variational Autoencoders', 'Normalizing Flows',
  'Mixture-of-Experts Models', 'State Space Models', 'Language Models', 'Energy-Based Models', 'Neural Processes',
  'Gaussian Processes', 'Hypernetworks', 'Implicit Neural Representations', 'Vision Transformers', 'Recurrent Networks',
  'Contrastive Learning', 'Knowledge Distillation', 'Policy Gradients', 'Prompt Tuning', 'Retrieval Augmentation',
];

/** Adjectives that qualify a model in a title. */
export const ADJECTIVES = [
  'Efficient', 'Scalable', 'Robust', 'Sparse', 'Hierarchical', 'Adaptive', 'Self-Supervised', 'Federated',
  'Differentiable', 'Probabilistic', 'Causal', 'Multi-Task', 'Few-Shot', 'Continual', 'Equivariant', 'Bayesian',
  'Structured', 'Lightweight', 'Interpretable', 'Uncertainty-Aware',
];

/** Properties that "On the … of …" titles study. */
export const PROPERTIES = ['Generalization', 'Robustness', 'Calibration', 'Expressivity', 'Convergence', 'Sample Efficiency', 'Stability', 'Scaling Behaviour'];

/** General keywords added beside a title's own topics. */
export const GENERAL_KEYWORDS = ['deep learning', 'representation learning', 'optimization', 'benchmark', 'generalization', 'pretraining', 'self-supervision', 'uncertainty'];

export const FIRST_NAMES = [
  'Wei', 'Yuki', 'Ananya', 'Lukas', 'Sofia', 'Mateo', 'Amara', 'Jonas', 'Priya', 'Hiroshi', 'Elena', 'Kwame', 'Lena',
  'Omar', 'Ingrid', 'Rahul', 'Mei', 'Diego', 'Hana', 'Tomasz', 'Aisha', 'Felix', 'Nadia', 'Javier', 'Sanjay', 'Clara',
  'Dmitri', 'Leila', 'Marco', 'Xin', 'Aarav', 'Freya', 'Kenji', 'Zara', 'Pablo', 'Mira', 'Tobias', 'Yara', 'Ravi', 'Ines',
];

export const LAST_NAMES = [
  'Zhang', 'Tanaka', 'Sharma', 'Mueller', 'Rossi', 'Garcia', 'Okafor', 'Kim', 'Novak', 'Ivanova', 'Chen', 'Dubois',
  'Nakamura', 'Patel', 'Schmidt', 'Silva', 'Kowalski', 'Haddad', 'Johansson', 'Moreau', 'Liu', 'Wang', 'Singh',
  'Andersen', 'Costa', 'Fischer', 'Yilmaz', 'Petrov', 'Mensah', 'Lindqvist', 'Huang', 'Park', 'Ortiz', 'Bauer',
  'Ferrari', 'Nguyen', 'Kapoor', 'Sato', 'Alvarez', 'Berg',
];

/** Organisations (no commas: list answers are split on commas). */
export const ORGANISATIONS = [
  'Tsinghua University', 'Stanford University', 'MIT CSAIL', 'Google DeepMind', 'Carnegie Mellon University',
  'University of Toronto', 'ETH Zurich', 'Microsoft Research Asia', 'University of Oxford', 'Peking University',
  'Max Planck Institute for Intelligent Systems', 'Mila Quebec AI Institute', 'University of Cambridge', 'KAIST',
  'EPFL', 'University of Washington', 'National University of Singapore', 'UC Berkeley', 'University of Tokyo',
  'University of Amsterdam',
];
